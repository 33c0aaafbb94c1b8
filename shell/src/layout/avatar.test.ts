import { avatarLetter } from './avatar';

describe('avatarLetter', () => {
  it('uses the first letter of the display name, uppercased', () => {
    expect(avatarLetter({ display_name: 'ada Lovelace', email: 'zed@example.com' })).toBe('A');
  });

  it('falls back to the e-mail when the display name is missing or blank', () => {
    expect(avatarLetter({ display_name: null, email: 'zed@example.com' })).toBe('Z');
    expect(avatarLetter({ display_name: '   ', email: 'zed@example.com' })).toBe('Z');
  });

  it("falls back to 'U' with neither", () => {
    expect(avatarLetter({ display_name: null, email: '' })).toBe('U');
    expect(avatarLetter(null)).toBe('U');
    expect(avatarLetter(undefined)).toBe('U');
  });

  it('keeps a character outside the basic plane whole', () => {
    expect(avatarLetter({ display_name: '\u{1D4D0}lice', email: 'a@b.co' })).toBe('\u{1D4D0}');
  });
});
