import { serverMessageOr } from '../../api/http.js';

/** What is shown of a form's mutation (a TanStack Query useMutation result). */
export interface AdminRequest {
  isError: boolean;
  error: unknown;
}

/** Why the request failed, in the server's words, or `fallback` when it gave none; nothing while it has not failed. */
export function RequestError({ request, fallback }: { request: AdminRequest; fallback: string }) {
  if (!request.isError) return null;
  return (
    <p className="admin-alert" role="alert">
      {serverMessageOr(request.error, fallback)}
    </p>
  );
}
