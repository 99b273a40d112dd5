/**
 * What the header shows of an account: its name, or its email when it has none, and the letter in
 * its avatar. One definition, because the server fills these into cached page shells (src/entry/page-cache/shells.ts)
 * exactly as the header renders them.
 */
export const accountLabel = (user: { name: string; email: string }) => user.name || user.email;

export const accountInitial = (user: { name: string; email: string }) =>
  accountLabel(user).charAt(0).toUpperCase();

/**
 * The name the public market shows for a developer: the profile's name, never the login email
 * (which is private). None until the owner saves one, and none when the name is the login email.
 */
export const publicDeveloperName = (user: { name: string; email: string }): string | null => {
  const name = user.name.trim();
  return name && name.toLowerCase() !== user.email.toLowerCase() ? name : null;
};
