import { mailPreferencesSchema } from '@/contract/account';
import { handler, Reply } from '@/server/http/handler';
import { otherMethods } from '@/server/http/methods';
import { updatePreferences } from '@/server/mail/preferences';

/** Reads or sets the notification switches, by session or with the key of a mail's link. */
export const POST = handler({
  schema: mailPreferencesSchema,
  auth: 'optional',
  run: async ({ input, user }) => {
    const { key, ...changes } = input;
    const prefs = await updatePreferences({ userId: user?.id, key: key || undefined, changes });
    const changed = Object.values(changes).some((v) => v !== undefined);
    return changed ? new Reply(prefs, 'auth.api.preferencesSaved') : prefs;
  },
});

export const { GET, PUT, PATCH, DELETE, OPTIONS } = otherMethods('POST');
