/**
 * The module piscina loads in each solver thread. piscina loads it with require(), and Node 20
 * aborts the whole process when a thread is terminated while require() is instantiating an ES
 * module graph (v8::Module::IsGraphAsync on a module not yet instantiated): the service closing
 * while its threads still load physics, plot, canvas and sharp took the process down. This entry
 * is CommonJS, so require() loads nothing heavy, and the solver module comes by import(), whose
 * loading a termination stops cleanly. The import starts at once, so a thread is still ready
 * before its first task in the usual case; a task that comes earlier waits for it (the time
 * limit counts from the "started" message the solver module sends).
 */
import type { PoolTask } from './solver-task.js' with { 'resolution-mode': 'import' };

const solverModule = import('./solver-worker.js');
// A module that fails to load fails each task that awaits it, not the thread at start.
solverModule.catch(() => undefined);

export = async function runSolverTask(task: PoolTask): Promise<unknown> {
  return (await solverModule).default(task);
};
