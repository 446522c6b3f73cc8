/**
 * The kernel's table of IPv4 TCP sockets (/proc/net/tcp, Linux), for tests
 * that must see who closed a connection: the side that closes first waits in
 * TIME_WAIT, the other side goes away.
 */
import { readFileSync } from 'node:fs';

const STATES: Record<string, string> = {
  '01': 'ESTABLISHED',
  '02': 'SYN_SENT',
  '03': 'SYN_RECV',
  '04': 'FIN_WAIT1',
  '05': 'FIN_WAIT2',
  '06': 'TIME_WAIT',
  '07': 'CLOSE',
  '08': 'CLOSE_WAIT',
  '09': 'LAST_ACK',
  '0A': 'LISTEN',
  '0B': 'CLOSING',
};

export interface TcpSocket {
  localPort: number;
  remotePort: number;
  state: string;
}

export function tcpSockets(): TcpSocket[] {
  return readFileSync('/proc/net/tcp', 'utf8')
    .trim()
    .split('\n')
    .slice(1)
    .map((line) => {
      const [, local, remote, state] = line.trim().split(/\s+/);
      return {
        localPort: parseInt(local!.split(':')[1]!, 16),
        remotePort: parseInt(remote!.split(':')[1]!, 16),
        state: STATES[state!] ?? state!,
      };
    });
}

/** Sockets with one end on one of these ports (listening sockets left out). */
export function connectionsBetween(ports: number[]): TcpSocket[] {
  return tcpSockets().filter(
    (socket) => socket.state !== 'LISTEN' && (ports.includes(socket.localPort) || ports.includes(socket.remotePort)),
  );
}
