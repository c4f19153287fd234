/** The address of a comparison with monitor `id`, on the server `baseRemoteUrl` when it is another one. */
export function comparisonPath(id: string, baseRemoteUrl: string | null): string {
  const path = `/comparations/${encodeURIComponent(id)}`;
  return baseRemoteUrl ? `${path}?${new URLSearchParams({ baseRemoteUrl })}` : path;
}

/** The host of another server's address (`monitor.example.org:8080`), or the text itself. */
export function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
