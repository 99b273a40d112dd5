import { releaseDownloadSchema } from '@/contract/content';
import { downloadSignature } from '@/server/content/download-release';
import { AppError } from '@/server/errors';
import { readContext } from '@/server/http/context';
import { fail } from '@/server/http/envelope';
import { otherMethods } from '@/server/http/methods';

/** A package's signature as a `<package>.sig` file; failures answer the envelope with a 400 or 404. */
export async function GET(request: Request): Promise<Response> {
  const ctx = readContext(request);
  try {
    const parsed = releaseDownloadSchema.safeParse(Object.fromEntries(new URL(request.url).searchParams));
    if (!parsed.success) throw new AppError('bad_request', 'content.valid.releaseId');
    const file = await downloadSignature({ id: parsed.data.id });
    return new Response(file.stream, {
      headers: {
        'content-type': 'application/octet-stream',
        'content-length': String(file.size),
        'content-disposition': `attachment; filename="${file.fileName}"`,
        'cache-control': 'no-store',
      },
    });
  } catch (error) {
    return fail(ctx.locale, error);
  }
}

export const { POST, PUT, PATCH, DELETE, OPTIONS } = otherMethods('GET');
