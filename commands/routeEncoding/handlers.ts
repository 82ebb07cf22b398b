import { routeEncodingDecider, routeEncodingStream, type RouteEncodingCommand } from '../../domain/routeEncoding/index.js';
import { lifecycleCommands, type InputOf } from '../shared/lifecycleCommands.js';

export type SubmitRouteEncodingInput = InputOf<RouteEncodingCommand, 'SubmitRouteEncoding'>;
export type VerifyRouteEncodingInput = InputOf<RouteEncodingCommand, 'VerifyRouteEncoding'>;
export type ReviseRouteEncodingInput = InputOf<RouteEncodingCommand, 'ReviseRouteEncoding'>;

const encoding = lifecycleCommands(routeEncodingDecider, (data) => routeEncodingStream(data.encodingId));

export const submitRouteEncoding = encoding('SubmitRouteEncoding');
/** One contributor's vote; the vote that reaches a threshold settles the encoding in the same append. */
export const verifyRouteEncoding = encoding('VerifyRouteEncoding');
export const reviseRouteEncoding = encoding('ReviseRouteEncoding');
