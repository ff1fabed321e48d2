import { currentBuildId } from '@/lib/bff/build-id';

/** Deploy guard (SPEC §4): the client polls this and offers a reload when the id changes. */
export async function GET() {
  return Response.json({ buildId: await currentBuildId() }, { headers: { 'cache-control': 'no-store' } });
}
