/**
 * Values each of the 24 registration patterns must accept and refuse (5.PAT.01-06). Shared by the
 * contracts unit test and the server's integration test through the registration call.
 */
export const PATTERN_SAMPLES: Record<number, { pass: string[]; fail: string[] }> = {
  0: { pass: ['anything goes', '!@#'], fail: [] },
  1: { pass: ['abc', 'ABCdef'], fail: ['abc1', 'ab c'] },
  2: { pass: ['a', 'abc123'], fail: ['1abc', 'ab_c'] },
  3: { pass: ['0812345678'], fail: ['08a', '+66'] },
  4: { pass: ['no_spaces!'], fail: ['has space'] },
  5: { pass: ['aBc'], fail: ['abc'] },
  6: { pass: ['2000-01-31'], fail: ['2000-13-01', '01-31-2000'] },
  7: { pass: ['01-31-2000'], fail: ['2000-01-31', '13-01-2000'] },
  8: { pass: ['John Smith', 'สมชาย ใจดี'], fail: ['John', 'John  Smith'] },
  9: { pass: ['김민준', '김 민준'], fail: ['Kim', '金'] },
  10: { pass: ['やまだ', '山田 太郎'], fail: ['Yamada', '김민준'] },
  11: { pass: ['Abcdef1!'], fail: ['abcdef1!', 'Abcdefg!', 'Abcdef12'] },
  12: { pass: ['abc123'], fail: ['abcdef', '123456', 'abc 123'] },
  13: { pass: ['SOMCHAI JAIDEE'], fail: ['Somchai Jaidee', 'SOMCHAI  JAIDEE'] },
  14: { pass: ['สมชาย', 'สมชาย ใจดี'], fail: ['Somchai'] },
  15: { pass: ['王小明'], fail: ['Wang', 'やまだ'] },
  16: { pass: ['Nguyễn Văn An'], fail: ['สมชาย', 'An1'] },
  17: { pass: ['a.b@example.co.th'], fail: ['a@b', 'not-an-email'] },
  18: { pass: ['812345678'], fail: ['0812345678', '12345'] },
  19: { pass: ['user_01'], fail: ['user-01'] },
  20: { pass: ['abc123'], fail: ['Abc123'] },
  21: { pass: ['John Smith'], fail: ['John1'] },
  22: { pass: ["O'Brien", 'สมชาย', 'Anne-Marie'], fail: ['John!', '123'] },
  23: { pass: ['line.id_01', '@handle'], fail: ['has space', 'ไทย'] },
};
