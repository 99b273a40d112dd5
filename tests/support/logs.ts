/**
 * The portal's log lines during a test file, parsed (src/server/log.ts writes here instead of
 * stdout, set up in tests/support/setup.ts): tests read what was logged, and the run stays quiet.
 */
export type LogLine = {
  level: number;
  msg: string;
  area?: string;
  request_id?: string;
  [key: string]: unknown;
};

const lines: LogLine[] = [];

export const logSink = {
  write(text: string) {
    for (const line of text.split('\n')) if (line.trim()) lines.push(JSON.parse(line) as LogLine);
  },
};

/** Every line so far, or those whose message contains `text`. */
export const logged = (text?: string) => (text ? lines.filter((l) => l.msg.includes(text)) : [...lines]);
