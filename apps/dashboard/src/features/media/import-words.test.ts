import { describe, expect, it } from 'vitest';
import { addressProblem, failureWords } from './import-words.ts';

describe('importing from a web address, in words', () => {
  it('checks the address typed in', () => {
    expect(addressProblem('')).toBe('Enter the web address of the file.');
    expect(addressProblem('picture.jpg')).toMatch(/^Enter a whole web address/);
    expect(addressProblem('ftp://example.com/a.jpg')).toMatch(/http:\/\/ or https:\/\//);
    expect(addressProblem('https://me:secret@example.com/a.jpg')).toMatch(/user name and password/);
    expect(addressProblem('https://example.com/a.jpg')).toBeUndefined();
  });

  it("says why an import failed, from the file's failureReason", () => {
    expect(failureWords('import refused (ADDRESS_REFUSED): 127.0.0.1 is a loopback address')).toMatch(
      /^Refused: The address is on a private or local network/,
    );
    expect(failureWords('import refused (SOMETHING_NEW): it was odd')).toBe('Refused: it was odd');
    expect(failureWords('import failed: the source answered HTTP 404')).toMatch(/HTTP 404/);
    expect(failureWords('import failed: the content is not image/png')).toBe('The content is not image/png.');
    expect(failureWords(undefined)).toMatch(/could not be imported/);
  });
});
