import { AppError, chatModes, type ToolChatRequest, type ToolChatResponse } from '@faraday/contracts';
import type { ChatContext, ChatDeps } from '../chat/chat.service.js';
import { systemPrompts } from '../modes/modes.js';
import { SIMULATED_MODEL } from '../simulated/simulate.js';
import type { ConversationMessage } from '../upstream/assistant-turn.js';
import { RoutedLlm } from '../upstream/routed-llm.js';
import { detectLang } from '../writing/text-segments.js';
import type { CourseSearch } from './course-search.js';
import { planRequest } from './planner.js';
import { simulatedToolReply } from './simulated-reply.js';
import { runToolLoop } from './tool-loop.js';
import {
  executeTool,
  TOOL_GUIDANCE,
  type ToolEnvironment,
  type ToolOutcome,
  toolRecords,
} from './tool-registry.js';

export interface ToolDeps {
  chat: ChatDeps;
  search: CourseSearch | undefined;
}

function modeOf(requested: string | undefined) {
  const mode = requested ?? 'problem_solver';
  if (!(chatModes as readonly string[]).includes(mode)) {
    throw new AppError('VALIDATION_ERROR', `Unknown mode ${JSON.stringify(mode.slice(0, 64))}`, {
      details: `mode: must be one of ${chatModes.join(', ')}`,
    });
  }
  return mode as (typeof chatModes)[number];
}

function responseOf(reply: string, model: string, outcomes: ToolOutcome[], rounds: number): ToolChatResponse {
  return { reply, model, ...toolRecords(outcomes), rounds };
}

/** `POST /v1/chat_with_tools`: the upstream's tool loop, or the simulated planner with the same tools. */
export async function chatWithTools(
  deps: ToolDeps,
  request: ToolChatRequest,
  ctx: ChatContext,
): Promise<ToolChatResponse> {
  const mode = modeOf(request.mode);
  const llm = new RoutedLlm(deps.chat, ctx, {
    kind: 'chat_with_tools',
    privacy: request.privacy,
    courseId: request.course_id,
  });
  const env: ToolEnvironment = {
    simServiceUrl: deps.chat.config.simServiceUrl,
    serviceToken: deps.chat.config.gatewayToken,
    simTimeoutMs: deps.chat.config.tutoring.toolSimTimeoutMs,
    search: deps.search,
    courseId: request.course_id,
    requestId: ctx.requestId,
    signal: ctx.signal,
    log: ctx.log,
  };
  if (llm.isSimulated()) {
    const text = request.messages.at(-1)!.content;
    const { calls: planned, unplanned } = planRequest(text);
    const allowed = planned.slice(0, request.max_tool_calls);
    const outcomes: ToolOutcome[] = [];
    for (const [i, call] of allowed.entries()) {
      outcomes.push(
        await executeTool(
          { id: `call_${i + 1}`, name: call.name, arguments: JSON.stringify(call.arguments) },
          env,
        ),
      );
    }
    const skipped = planned.length - allowed.length;
    const reply = simulatedToolReply(outcomes, detectLang(text), skipped, allowed, unplanned);
    return responseOf(reply, SIMULATED_MODEL, outcomes, 1);
  }
  const conversation: ConversationMessage[] = [
    { role: 'system', content: `${systemPrompts[mode]}\n\n${TOOL_GUIDANCE}` },
    ...request.messages,
  ];
  const result = await runToolLoop(llm, conversation, env, request.max_tool_calls);
  return responseOf(result.reply, llm.model, result.outcomes, result.rounds);
}
