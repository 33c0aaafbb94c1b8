import { parseSteps, STEPS_BOUNDS } from './steps';

describe('parseSteps', () => {
  const learning = STEPS_BOUNDS.learningSteps;
  it("reads Anki's notation: whole minutes, hours or days separated by spaces", () => {
    expect(parseSteps('1m 10m', learning)).toEqual(['1m', '10m']);
    expect(parseSteps('  5M\t1h  1d ', learning)).toEqual(['5m', '1h', '1d']);
  });

  it('refuses other units, fractions, zero, more than a day and a wrong count', () => {
    for (const text of ['30s', '1.5m', '0m', '2d', '1441m', '10', 'm', '1m,10m', '', '1m '.repeat(11)]) {
      expect(parseSteps(text, learning)).toBeNull();
    }
    expect(parseSteps('1440m', learning)).toEqual(['1440m']);
  });

  it('takes no steps where the count allows none (relearning)', () => {
    expect(parseSteps('', STEPS_BOUNDS.relearningSteps)).toEqual([]);
    expect(parseSteps(' ', STEPS_BOUNDS.relearningSteps)).toEqual([]);
  });
});
