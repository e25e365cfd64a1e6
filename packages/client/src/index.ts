export type { StreamOptions } from './ai.js';
export {
  createFaradayClient,
  type FaradayClient,
  type RubricSelection,
  type SimulationAnswerForm,
} from './client.js';
export { ApiError, type ClientOptions, unwrap, withQuery } from './http.js';
export type { Progress } from './upload.js';
