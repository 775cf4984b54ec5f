/**
 * Importing from a web address, in words: what the dashboard checks before asking (the server's
 * own check, `platform/guarded-fetch.ts`, decides), and why an import ended `FAILED` from the
 * file's `failureReason` ("import refused (ADDRESS_REFUSED): …", "import failed: the source
 * answered HTTP 404").
 */

/** The problem with an address typed in, or undefined when it can be asked for. */
export function addressProblem(text: string): string | undefined {
  if (!text) return 'Enter the web address of the file.';
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return 'Enter a whole web address, like https://example.com/picture.jpg.';
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return 'Only addresses starting with http:// or https:// can be imported.';
  if (url.username || url.password) return 'Leave the user name and password out of the address.';
  return undefined;
}

const REFUSED: Record<string, string> = {
  UNSUPPORTED_PROTOCOL: 'Only addresses starting with http:// or https:// can be imported.',
  CREDENTIALS_IN_URL: 'Addresses with a user name or password are refused.',
  INVALID_URL: 'The address is not a valid web address.',
  HOST_NOT_FOUND: 'No server was found at that address.',
  ADDRESS_REFUSED:
    'The address is on a private or local network, which the store does not fetch from. Use a public address.',
  TOO_MANY_REDIRECTS: 'The address sent the store on through too many redirects.',
  TOO_LARGE: 'The file is larger than the store imports.',
  TIMEOUT: 'The server took too long to send the file.',
};

/** Why a file failed, for the merchant: "Refused: No server was found at that address." */
export function failureWords(reason: string | undefined): string {
  if (!reason) return 'The file could not be imported or processed.';
  const refused = /^import refused \(([A-Z_]+)\)/.exec(reason);
  if (refused) return `Refused: ${REFUSED[refused[1]!] ?? reason.slice(refused[0].length + 2)}`;
  const http = /the source answered HTTP (\d{3})/.exec(reason);
  if (http) return `The address answered with an error (HTTP ${http[1]}): check that it leads to the file.`;
  const failed = /^(?:import|processing) failed: (.+)$/.exec(reason)?.[1];
  const text = failed ?? reason;
  return `${text.charAt(0).toUpperCase()}${text.slice(1)}${/[.!?]$/.test(text) ? '' : '.'}`;
}
