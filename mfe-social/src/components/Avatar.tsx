/** Same rule as the shell's avatar: first letter of the name, else of the e-mail, else U. */
export function avatarInitial(name?: string | null, email?: string | null): string {
  const source = name?.trim() || email?.trim() || 'U';
  return source.charAt(0).toUpperCase();
}

export function Avatar({ initial, size = 40 }: { initial: string; size?: number }) {
  return (
    // Decorative: the name is always written next to it.
    <span
      aria-hidden="true"
      style={{
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        flex: 'none',
        width: size,
        height: size,
        borderRadius: '50%',
        background: 'var(--primary)',
        color: 'var(--primary-text)',
        fontWeight: 700,
        fontSize: size / 2.4,
      }}
    >
      {initial}
    </span>
  );
}
