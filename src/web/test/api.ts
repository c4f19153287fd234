import type { ErrorCode, FieldError } from '../../shared/errors';
import { ApiError, answerCallsWith, type RequestOptions } from '../lib/api-client';

/** One call the screen made: method, path without its query, the query and the JSON body. */
export interface FakeCall {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query: URLSearchParams;
  body: unknown;
}

type Answer = (call: FakeCall) => unknown;

/**
 * Answers the API client's calls by route ('GET /api/suppliers/list'). An answer returns the body,
 * or throws (apiError) to fail; a call with no route fails the test's screen loudly. Every call is
 * recorded, newest last.
 */
export function fakeApi(routes: Record<string, Answer>) {
  const calls: FakeCall[] = [];
  answerCallsWith(async (address: string, options: RequestOptions = {}) => {
    const [path = '', search = ''] = address.split('?');
    const call: FakeCall = {
      method: options.method ?? 'GET',
      path,
      query: new URLSearchParams(search),
      body: options.body,
    };
    calls.push(call);
    const answer = routes[`${call.method} ${path}`];
    if (!answer) throw new Error(`No fake answer for ${call.method} ${path}`);
    return answer(call);
  });
  return {
    calls,
    /** The calls to one route, oldest first. */
    to: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route),
    /** The newest call to one route. */
    last: (route: string) => calls.filter((call) => `${call.method} ${call.path}` === route).at(-1),
  };
}

/** The failure the real client throws for an answer with this status and message. */
export function apiError(status: number, code: ErrorCode, message: string, errors?: FieldError[]): ApiError {
  return new ApiError(message, status, code, 'req-test', errors);
}
