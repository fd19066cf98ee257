// The server modules the benchmarks import use @fastify/multipart's request augmentation.
import '@fastify/multipart';
