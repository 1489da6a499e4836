import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../src/client/ApiError';
import { EngineAPIService } from '../../../src/client/EngineAPIService';
import { PARSER_LIMITS } from '../../../src/contract/wire';

describe('EngineAPIService.addSource over the 256 MiB bound', () => {
  it('is refused at once with 413, its size and the limit, and nothing is sent', async () => {
    const sent: Request[] = [];
    const api = new EngineAPIService({
      baseUrl: 'http://localhost/api',
      transport: async (request) => {
        sent.push(request);
        return Response.json({ success: true, source: {} }, { status: 201 });
      },
    });
    const content = 'x'.repeat(PARSER_LIMITS.sourceBytes + 1);
    const err = await api.addSource({ name: 'big.log', type: 'log', content }).then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({
      status: 413,
      code: 'PAYLOAD_TOO_LARGE',
      message: `The log is at least ${content.length} bytes; a source may be at most ${PARSER_LIMITS.sourceBytes} bytes (UTF-8)`,
      details: { limit: PARSER_LIMITS.sourceBytes, size: content.length },
    });
    expect(sent).toHaveLength(0);
    // At the bound it is sent (the service counts its UTF-8 bytes).
    await api.addSource({ name: 'at.log', type: 'log', content: 'x'.repeat(PARSER_LIMITS.sourceBytes) });
    expect(sent).toHaveLength(1);
  });
});
