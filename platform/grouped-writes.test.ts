import { groupedWriter } from './grouped-writes';

/** Group commit: the first item is written at once; those added meanwhile go together once the write in flight is done. */
describe('groupedWriter', () => {
  it('writes the first item alone, then everything added while it ran in one call, at most maxItems per call', async () => {
    const calls: number[][] = [];
    let finishFirst!: () => void;
    const firstDone = new Promise<void>((resolve) => (finishFirst = resolve));
    const write = groupedWriter<number>(async (items) => {
      calls.push(items);
      if (calls.length === 1) await firstDone;
    }, 3);
    const written = [1, 2, 3, 4, 5, 6].map((item) => write(item));
    expect(calls).toEqual([[1]]);
    finishFirst();
    await Promise.all(written);
    expect(calls).toEqual([[1], [2, 3, 4], [5, 6]]);
  });

  it('when a grouped write fails, each of its items is written alone: only the bad one is rejected', async () => {
    const calls: string[][] = [];
    const write = groupedWriter<string>(async (items) => {
      calls.push(items);
      if (items.includes('bad')) throw new Error('constraint violated');
    });
    const first = write('good');
    const [bad, neighbour] = [write('bad'), write('neighbour')];
    await expect(first).resolves.toBeUndefined();
    await expect(bad).rejects.toThrow('constraint violated');
    await expect(neighbour).resolves.toBeUndefined();
    await expect(write('later')).resolves.toBeUndefined();
    expect(calls).toEqual([['good'], ['bad', 'neighbour'], ['bad'], ['neighbour'], ['later']]);
  });
});
