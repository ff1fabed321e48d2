import { forwardApiRequest } from '@/lib/bff/forward';

/** BFF: every /api/v1/* call of the browser goes to the backend or products host (lib/bff/forward.ts). */
type Context = { params: Promise<{ path: string[] }> };

async function handle(request: Request, { params }: Context) {
  return forwardApiRequest(request, (await params).path);
}

export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as HEAD };
