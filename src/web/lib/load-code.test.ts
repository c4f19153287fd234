import { beforeEach, describe, expect, it, vi } from 'vitest';

const worker = vi.hoisted(() => ({
  checkVersion: vi.fn(),
  newWorkerInControl: vi.fn(),
  reloadOncePerVersion: vi.fn(),
  reloadPage: vi.fn(),
}));
vi.mock('./service-worker', () => worker);

const { loadCode } = await import('./load-code');

const missing = () =>
  Promise.reject(new TypeError('Failed to fetch dynamically imported module: /assets/x.js'));
const settledWithin = async (promise: Promise<unknown>) =>
  Promise.race([
    promise.then(
      () => 'settled',
      () => 'settled',
    ),
    new Promise((r) => setTimeout(() => r('pending'), 50)),
  ]);

describe("loading a screen's code that the server no longer has", () => {
  beforeEach(() => vi.resetAllMocks());

  it('reloads into the new version once its worker takes over, even after this version reloaded once', async () => {
    worker.checkVersion.mockResolvedValue('updating');
    worker.newWorkerInControl.mockResolvedValue(true);
    worker.reloadOncePerVersion.mockReturnValue(false);
    expect(await settledWithin(loadCode(missing, () => 'offline'))).toBe('pending');
    expect(worker.reloadPage).toHaveBeenCalledOnce();
  });

  it('reloads once when the new worker does not take over in time, and then gives the error on', async () => {
    worker.checkVersion.mockResolvedValue('updating');
    worker.newWorkerInControl.mockResolvedValue(false);
    worker.reloadOncePerVersion.mockReturnValueOnce(true).mockReturnValueOnce(false);
    expect(await settledWithin(loadCode(missing, () => 'offline'))).toBe('pending');
    await expect(loadCode(missing, () => 'offline')).rejects.toThrow('dynamically imported module');
    expect(worker.reloadPage).not.toHaveBeenCalled();
  });

  it('shows what it is given offline, and gives on an error of code that arrived', async () => {
    worker.checkVersion.mockResolvedValue('offline');
    expect(await loadCode(missing, () => 'offline')).toBe('offline');
    await expect(
      loadCode(
        () => Promise.reject(new Error('a bug')),
        () => 'offline',
      ),
    ).rejects.toThrow('a bug');
  });
});
