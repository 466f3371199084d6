/**
 * A busy machine on demand (`npm run bench -- --busy N`): N processes that each keep a core
 * spinning while the bench measures. A figure that holds only on a quiet machine is not met, and
 * a shared machine is quiet or busy by chance; this makes the busy case one that anyone can
 * repeat. They run at normal priority, so they compete for the CPU with the browser and the
 * server; unlike other people's test runs they load neither the disk nor the memory.
 */
import { spawn, type ChildProcess } from "node:child_process";

export interface BusyLoad {
  stop(): void;
}

export function startBusyLoad(processes: number): BusyLoad {
  const children: ChildProcess[] = [];
  for (let i = 0; i < processes; i++) {
    children.push(spawn(process.execPath, ["-e", "for(;;){}"], { stdio: "ignore" }));
  }
  const stop = () => {
    for (const child of children) child.kill("SIGKILL");
  };
  // However the bench ends, the spinning ends with it.
  process.once("exit", stop);
  return { stop };
}
