/** The parts of s3rver (a local S3-compatible server for tests) the tests use; it ships no types. */
declare module 's3rver' {
  export default class S3rver {
    constructor(o: {
      port?: number;
      address?: string;
      directory: string;
      silent?: boolean;
      configureBuckets?: { name: string }[];
    });
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
