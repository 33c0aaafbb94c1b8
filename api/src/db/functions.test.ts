import { escapeLike } from './functions';

describe('escapeLike', () => {
  it.each([
    ['plain text', 'plain text'],
    ['100%', '100\\%'],
    ['snake_case', 'snake\\_case'],
    ['C:\\temp', 'C:\\\\temp'],
    ['%_\\', '\\%\\_\\\\'],
  ])('%s -> %s', (text, escaped) => {
    expect(escapeLike(text)).toBe(escaped);
  });
});
