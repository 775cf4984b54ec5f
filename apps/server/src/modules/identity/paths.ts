/** The captured prefix first, then the alias the SDK routing tables also list (conventions §2). */
export const iam = (service: 'authentication' | 'recovery' | 'verification' | 'captcha', path: string) => [
  `/_api/iam/${service}${path}`,
  `/iam/${service}${path}`,
];
