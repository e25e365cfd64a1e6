import { z } from 'zod';
import {
  chatCitationSchema,
  chatMessageSchema,
  chatPrivacies,
  MAX_CHAT_MESSAGES,
  toolCallRecordSchema,
  toolResultRecordSchema,
} from './ai.js';
import { exerciseAnswerSchema, exerciseKinds } from './exercises.js';

/**
 * Tutoring bodies (docs/api-contract.md): guided learning sessions, writing analysis and chat
 * with tools. Each exists twice where the user matters: the AI service's body carries
 * `user_id`, the backend's does not, because the backend fills it from the token.
 */

const conversationSchema = z
  .array(chatMessageSchema)
  .min(1)
  .max(MAX_CHAT_MESSAGES)
  .refine((messages) => messages.at(-1)?.role === 'user', 'the last message must be the user’s turn');

const idSchema = z.string().trim().min(1).max(64);
const privacySchema = z
  .enum(chatPrivacies)
  .optional()
  .describe('Default private: never sent to a cloud upstream');

// ---------------------------------------------------------------- guided learning

export const MIN_LEARNING_STEPS = 3;
export const MAX_LEARNING_STEPS = 6;

/** The backend's `POST /api/v1/ai/chat/guided` body; the signed-in user owns the session. */
export const gatewayGuidedChatRequestSchema = z.object({
  topic: z.string().trim().min(1).max(200).describe('What to learn, e.g. "Gauss\'s law" or "高斯定理"'),
  messages: conversationSchema.describe(
    'The last message is the student’s turn; the session keeps its own history',
  ),
  course_id: idSchema
    .optional()
    .describe('The course whose material the session also cites; omit to practise on the shipped notes'),
  session_id: idSchema.optional().describe('Continue this session; omit to start a new one'),
  privacy: privacySchema,
  user_id: idSchema
    .optional()
    .describe('Ignored unless equal to the signed-in user: the backend fills it from the token'),
  answer: exerciseAnswerSchema
    .optional()
    .describe(
      'The answer to the current exercise as its input gave it; without it the last message is read as the answer',
    ),
});
export type GatewayGuidedChatRequest = z.infer<typeof gatewayGuidedChatRequestSchema>;

/** The AI service's `POST /v1/chat/guided` body. */
export const guidedChatRequestSchema = gatewayGuidedChatRequestSchema.extend({
  user_id: idSchema.describe('The student; a session answers only its owner'),
});
export type GuidedChatRequest = z.infer<typeof guidedChatRequestSchema>;

export const learningStepStatuses = ['done', 'current', 'pending'] as const;

export const learningStepSchema = z.object({
  step: z.number().int().min(1).describe('1-based position in the path'),
  title: z.string(),
  goal: z.string().describe('What the student should be able to explain or compute'),
  key_terms: z
    .array(z.string())
    .optional()
    .describe('Deprecated: no longer sent (steps are passed by checked exercises, not by words)'),
  status: z.enum(learningStepStatuses),
  source: z.string().optional().describe('Course material the step was built from'),
});
export type LearningStep = z.infer<typeof learningStepSchema>;

export const weakPointSchema = z.object({
  step: z.number().int().min(1),
  title: z.string(),
  note: z.string().describe('What was missing or wrong in the student’s answers'),
});
export type WeakPoint = z.infer<typeof weakPointSchema>;

export const guidedAssessmentSchema = z.object({
  understood: z.boolean(),
  judged_by: z
    .enum(['exercise', 'rules', 'model'])
    .describe('exercise: checked by the exercise engine (every turn since issue 34)'),
  reason: z.string(),
});

/** The exercise a guided step asks, as the web app renders its input: the view, in the session's language. */
export const guidedExerciseSchema = z.object({
  kind: z.enum(exerciseKinds),
  prompt: z.string().describe("The question with this student's numbers"),
  unit: z
    .string()
    .optional()
    .describe('Numeric: the SI unit; any unit of its kind with any prefix is accepted'),
  choices: z.array(z.object({ id: z.string(), text: z.string() })).optional(),
  symbols: z.array(z.string()).optional().describe('Formula: the symbols the formula may use'),
  number: z.number().int().min(1).describe('1-based position among all exercises of the path'),
  total: z.number().int().min(1),
});
export type GuidedExercise = z.infer<typeof guidedExerciseSchema>;

export const guidedChatResponseSchema = z.object({
  reply: z.string(),
  session_id: z.string(),
  topic: z.string(),
  current_step: z.number().int().min(1).describe('1-based; stays at total_steps once completed'),
  total_steps: z.number().int().min(MIN_LEARNING_STEPS).max(MAX_LEARNING_STEPS),
  progress_percentage: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('Share of the exercises answered correctly; 100 at the end'),
  completed: z.boolean(),
  learning_path: z.array(learningStepSchema),
  weak_points: z.array(weakPointSchema),
  citations: z.array(chatCitationSchema),
  assessment: guidedAssessmentSchema
    .nullable()
    .describe('How the student’s last message was judged; null on the first turn'),
  path_source: z.enum(['model', 'corpus', 'generic']).describe('Where the learning path came from'),
  model: z.string().describe('The upstream model, or "simulated"'),
  expires_at: z.string().describe('ISO 8601; the session expires after this much inactivity'),
  exercise: guidedExerciseSchema
    .nullable()
    .optional()
    .describe('The exercise to answer now (never its answer); null once every exercise is passed'),
});
export type GuidedChatResponse = z.infer<typeof guidedChatResponseSchema>;

// ---------------------------------------------------------------- writing analysis

export const writingTypes = [
  'literature_review',
  'course_paper',
  'thesis',
  'abstract',
  'lab_report',
] as const;
export type WritingType = (typeof writingTypes)[number];

export const MAX_WRITING_CHARS = 100_000;
/** Shortest text analysed: a 40-word abstract is a real abstract. */
export const MIN_WRITING_CHARS = 50;

export const writingAnalysisRequestSchema = z.object({
  writing_type: z.enum(writingTypes),
  content: z
    .string()
    .max(MAX_WRITING_CHARS)
    .refine((text) => text.trim().length >= MIN_WRITING_CHARS, {
      message: `must have at least ${MIN_WRITING_CHARS} characters`,
    })
    .describe(
      `Plain text or Markdown; paragraphs separated by blank lines; at least ${MIN_WRITING_CHARS} characters`,
    ),
  student_profile: z.object({
    level: z.string().trim().min(1).max(40).describe('e.g. undergraduate, master, phd'),
    lang: z.string().trim().min(1).max(20).describe('en or zh (zh-CN…); comments are written in it'),
  }),
  privacy: privacySchema,
});
export type WritingAnalysisRequest = z.infer<typeof writingAnalysisRequestSchema>;

const targetSchema = z.object({
  kind: z.enum(['sentence', 'paragraph', 'document']),
  index: z
    .number()
    .int()
    .min(1)
    .nullable()
    .describe('1-based sentence or paragraph number; null for document'),
  excerpt: z.string().describe('The start of the sentence or paragraph, verbatim'),
});

const countedTermsSchema = z.object({
  count: z.number().int().min(0),
  per_1000_words: z.number(),
  terms: z.record(z.string(), z.number().int()).describe('Each term found and how often'),
});

export const writingMeasurementsSchema = z.object({
  characters: z.number().int().describe('Non-whitespace characters'),
  word_count: z.number().int().describe('Latin-script words plus CJK characters (each counts as one word)'),
  latin_words: z.number().int(),
  cjk_characters: z.number().int(),
  sentence_count: z.number().int(),
  paragraph_count: z.number().int(),
  avg_sentence_length: z.number().describe('Words per sentence (CJK characters count as words)'),
  long_sentences: z.number().int().describe('Sentences over 35 words (over 60 CJK characters)'),
  citation_count: z
    .number()
    .int()
    .describe('In-text citations: [1], [1-3], (Author, 2020), 【1】, （张三，2020）'),
  citations_per_1000_words: z.number(),
  reference_entries: z.number().int().describe('Entries of a trailing References / 参考文献 list'),
  hedging: countedTermsSchema,
  connectives: countedTermsSchema.extend({
    distinct: z.number().int(),
    per_sentence: z.number(),
  }),
  headings: z.array(z.string()),
});
export type WritingMeasurements = z.infer<typeof writingMeasurementsSchema>;

export const writingAnalysisResponseSchema = z.object({
  writing_type: z.enum(writingTypes),
  lang: z.enum(['en', 'zh']),
  overall_score: z.number().int().min(0).max(100).describe('Weighted mean of the dimension scores'),
  dimensions: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      weight: z.number().describe('Share of the overall score; the weights add up to 1'),
      score: z.number().int().min(0).max(100),
      comment: z.string(),
    }),
  ),
  strengths: z.array(z.string()),
  improvements: z.array(
    z.object({
      dimension: z.string(),
      target: targetSchema,
      issue: z.string(),
      suggestion: z.string(),
    }),
  ),
  measurements: writingMeasurementsSchema,
  summary: z.string(),
  notes: z
    .array(z.string())
    .describe('What the analysis could not judge, e.g. rates that need a longer text'),
  judged_by: z.enum(['rules', 'model']),
  model: z.string(),
});
export type WritingAnalysisResponse = z.infer<typeof writingAnalysisResponseSchema>;

// ---------------------------------------------------------------- chat with tools

export const DEFAULT_MAX_TOOL_CALLS = 5;
export const MAX_TOOL_CALLS_CAP = 10;
export const toolNames = [
  'run_simulation',
  'evaluate_expression',
  'convert_units',
  'search_course_material',
  'compute_course_result',
] as const;
export type ToolName = (typeof toolNames)[number];

export const toolChatRequestSchema = z.object({
  messages: conversationSchema,
  mode: z
    .string()
    .min(1)
    .max(64)
    .optional()
    .describe('A chat mode whose system prompt frames the answer (default problem_solver)'),
  max_tool_calls: z
    .number()
    .int()
    .min(0)
    .max(MAX_TOOL_CALLS_CAP)
    .default(DEFAULT_MAX_TOOL_CALLS)
    .describe(
      `Tool calls allowed for this answer (default ${DEFAULT_MAX_TOOL_CALLS}, at most ${MAX_TOOL_CALLS_CAP})`,
    ),
  course_id: idSchema.optional().describe('Course whose material search_course_material may see'),
  privacy: privacySchema,
});
export type ToolChatRequest = z.infer<typeof toolChatRequestSchema>;

export const toolChatResponseSchema = z.object({
  reply: z.string(),
  model: z.string(),
  tool_calls: z.array(toolCallRecordSchema),
  tool_results: z.array(toolResultRecordSchema),
  rounds: z.number().int().describe('Model turns taken (simulated: planner passes)'),
});
export type ToolChatResponse = z.infer<typeof toolChatResponseSchema>;
