import { describe, expect, it } from 'vitest';
import {
  createSandbox,
  generateImage,
  getTrainingStatus,
  listVoices,
  uploadFile,
} from './contract/endpoint-routes';
import { renderCurl, shellQuote } from './curl';

const direct = { baseUrl: 'https://api.example.com/', stackId: 'stack-7' };
const gateway = { baseUrl: 'http://localhost:8787', stackId: null };

describe('renderCurl', () => {
  it('renders a JSON request against the service, with the key as a shell variable', () => {
    const command = renderCurl(
      generateImage,
      { body: { prompt: 'a red fox', tool: 'auto', idempotency_key: 'k-1' } },
      direct,
    );
    expect(command).toBe(
      [
        "curl -X POST 'https://api.example.com/api/v1/image/generate'",
        '-H "Authorization: Bearer $MEDIA_API_KEY"',
        "-H 'X-Stack-Id: stack-7'",
        "-H 'Content-Type: application/json'",
        `--data-raw '${JSON.stringify({ prompt: 'a red fox', tool: 'auto', idempotency_key: 'k-1' }, null, 2)}'`,
      ].join(' \\\n  '),
    );
  });

  it('never contains an API key, whatever the connection holds', () => {
    const command = renderCurl(
      createSandbox,
      { body: { language: 'python', packages: [] } },
      direct,
    );
    expect(command).not.toMatch(/Bearer (?!\$MEDIA_API_KEY)/);
  });

  it('uses a stack variable only where the endpoint requires a stack and none is known', () => {
    expect(renderCurl(listVoices, {}, gateway)).toContain('-H "X-Stack-Id: $MEDIA_STACK_ID"');
    expect(
      renderCurl(createSandbox, { body: { language: 'python', packages: [] } }, gateway),
    ).not.toContain('X-Stack-Id');
  });

  it('encodes path parameters and the query', () => {
    expect(renderCurl(getTrainingStatus, { params: { task_id: 'a b/c' } }, gateway)).toContain(
      "'http://localhost:8787/api/v1/training/status/a%20b%2Fc'",
    );
    expect(
      renderCurl(listVoices, { query: { language: 'en', scope: 'custom' } }, gateway),
    ).toContain("'http://localhost:8787/api/v1/voice/list?language=en&scope=custom'");
  });

  it('quotes prompts with quotes, dollars and newlines so the shell passes them literally', () => {
    const prompt = `it's $HOME\n"night" \`date\``;
    const command = renderCurl(generateImage, { body: { prompt } }, gateway);
    const quoted = command.slice(command.indexOf('--data-raw ') + '--data-raw '.length);
    expect(quoted).toBe(shellQuote(JSON.stringify({ prompt }, null, 2)));
    expect(quoted).toContain(`it'\\''s $HOME`);
  });

  it('renders uploads as multipart fields that read the file from disk', () => {
    const file = new File(['RIFF'], 'take 1.wav', { type: 'audio/wav' });
    const command = renderCurl(uploadFile, { body: { file, purpose: 'audio-input' } }, gateway);
    expect(command).toContain("-F 'file=@take 1.wav'");
    expect(command).toContain("--form-string 'purpose=audio-input'");
    expect(command).not.toContain('Content-Type: application/json');
  });
});

describe('shellQuote', () => {
  it('wraps in single quotes and escapes single quotes', () => {
    expect(shellQuote('plain')).toBe("'plain'");
    expect(shellQuote("a'b")).toBe("'a'\\''b'");
  });
});
