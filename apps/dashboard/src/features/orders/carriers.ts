/** The carriers the fulfil dialog offers (the server builds tracking links for them), by their code. */
export const CARRIERS = [
  ['usps', 'USPS'],
  ['ups', 'UPS'],
  ['fedex', 'FedEx'],
  ['dhl', 'DHL'],
  ['canadaPost', 'Canada Post'],
] as const;

const names = new Map<string, string>(CARRIERS);

/** A shipment's carrier as merchants know it: "usps" → "USPS"; another carrier's name as it was given. */
export const carrierName = (code: string) => names.get(code) ?? code;
