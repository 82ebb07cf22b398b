/** Crowd-sourced route encodings (stream `routeEncoding-<encodingId>`): submit, vote, revise. */
export {
  submitRouteEncoding,
  verifyRouteEncoding,
  reviseRouteEncoding,
  type SubmitRouteEncodingInput,
  type VerifyRouteEncodingInput,
  type ReviseRouteEncodingInput,
} from './handlers.js';
