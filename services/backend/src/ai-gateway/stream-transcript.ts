import type {
  ChatCitation,
  ChatStreamEvent,
  ConversationMessage,
  ConversationMessageStatus,
} from '@faraday/contracts';

/**
 * What a streamed answer said, read from the events as the gateway passes them through, so the
 * answer can be recorded in its conversation however the stream ended.
 */
export class StreamTranscript {
  content = '';
  citations: ChatCitation[] = [];
  /** The tools the model ran on the way (tutor with a model, ADR 0133). */
  readonly tools: Pick<ConversationMessage, 'tool_calls' | 'tool_results'> = {
    tool_calls: [],
    tool_results: [],
  };
  private ended: 'done' | 'error' | undefined;
  private readonly decoder = new TextDecoder();

  /** Complete events only (the forwarder cuts at event boundaries), so no event is split here. */
  readonly observe = (events: Uint8Array): void => {
    for (const frame of this.decoder.decode(events).split('\n\n')) {
      const data = frame
        .split('\n')
        .find((line) => line.startsWith('data:'))
        ?.slice(5)
        .trim();
      if (!data) continue;
      let event: ChatStreamEvent;
      try {
        event = JSON.parse(data) as ChatStreamEvent;
      } catch {
        continue;
      }
      if (event.type === 'delta') this.content += event.content;
      else if (event.type === 'citations') this.citations = event.citations;
      else if (event.type === 'tool') {
        this.tools.tool_calls.push(event.call);
        this.tools.tool_results.push(event.result);
      } else if (event.type === 'done' || event.type === 'error') this.ended = event.type;
    }
  };

  /** complete after `done`; stopped when the caller left first; failed when the stream broke off. */
  status(callerLeft: boolean): ConversationMessageStatus {
    if (this.ended === 'done') return 'complete';
    if (this.ended === undefined && callerLeft) return 'stopped';
    return 'failed';
  }
}
