/**
 * One node of bench:fanout's ceiling: a bare socket.io server with the Redis adapter (the product's versions, server
 * options and Redis client), run as its own process like a node of the product. A socket names its room in the
 * handshake; POST /emit { room, payload } sends one `appMessage` to that room on every node. Env: PORT, REDIS_URL,
 * FANOUT_KEY (the adapter's channel prefix).
 */
import { createServer } from 'node:http';
import { createAdapter } from '@socket.io/redis-adapter';
import { Server } from 'socket.io';
import { closeRedisClient, openRedisClient, RedisOutageLog } from '../platform/redis/redis-client.js';

const port = Number(process.env.PORT);
const redisUrl = process.env.REDIS_URL!;
const log = new RedisOutageLog();
const pub = openRedisClient(redisUrl, log);
const sub = openRedisClient(redisUrl, log);

const http = createServer((req, res) => {
  if (req.method === 'GET' && req.url === '/health') {
    res.writeHead(pub.isReady && sub.isReady ? 200 : 503).end();
    return;
  }
  if (req.method !== 'POST' || req.url !== '/emit') {
    res.writeHead(404).end();
    return;
  }
  const chunks: Buffer[] = [];
  req.on('data', (chunk: Buffer) => chunks.push(chunk));
  req.on('end', () => {
    const { room, payload } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { room: string; payload: unknown };
    io.to(room).emit('appMessage', payload);
    res.writeHead(204).end();
  });
});

// The product's heartbeat and path (platform/realtime/socket-realtime-bus.ts).
const io = new Server(http, { path: '/socket.io', pingInterval: 18000, pingTimeout: 18000 });
io.adapter(createAdapter(pub, sub, { key: process.env.FANOUT_KEY }));
io.use((socket, next) => {
  const room = socket.handshake.auth?.room;
  if (typeof room === 'string') socket.join(room);
  next();
});

http.listen(port, '127.0.0.1');
process.on('SIGTERM', () => {
  void io.close().then(() => Promise.all([closeRedisClient(pub, log), closeRedisClient(sub, log)]).then(() => process.exit(0)));
});
