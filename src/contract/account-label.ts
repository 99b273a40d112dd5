/**
 * What the header shows of an account: its name, or its email when it has none, and the letter in
 * its avatar. One definition, because the server fills these into cached page shells (src/entry/page-cache/shells.ts)
 * exactly as the header renders them.
 */
export const accountLabel = (user: { name: string; email: string }) => user.name || user.email;

export const accountInitial = (user: { name: string; email: string }) =>
  accountLabel(user).charAt(0).toUpperCase();
