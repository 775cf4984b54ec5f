export { createHttpClient } from './http.ts';
export type { HttpClient, HttpClientOptions, HttpMethod, RequestOptions } from './http.ts';
export { VitrineError, errorCode, errorFromAnswer, isVitrineError, systemError } from './errors.ts';
export type {
  FailedAnswer,
  VitrineApplicationError,
  VitrineErrorDetails,
  VitrineErrorInit,
  VitrineFieldViolation,
} from './errors.ts';
export {
  MAX_GET_QUERY_LENGTH,
  base64UrlEncode,
  buildQueryString,
  fillPath,
  flattenQuery,
  toWireJson,
} from './encode.ts';
export type { FlatQuery } from './encode.ts';
