import type { WritingType } from '@faraday/contracts';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api';

/** The rubric's analysis of a text of a type, for a student's level, in the user's language. */
export function useAnalyzeWriting() {
  return useMutation({
    mutationFn: ({
      content,
      type,
      level,
      lang,
    }: {
      content: string;
      type: WritingType;
      level: string;
      lang: 'en' | 'zh';
    }) => api.ai.analyzeWriting({ writing_type: type, content, student_profile: { level, lang } }),
  });
}
