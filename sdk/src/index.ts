// One copy of inversify and reflect-metadata for core and every plugin: import them from here.
import 'reflect-metadata';

export * from 'inversify';
export * from './domain.js';
export * from './plugin.js';
export * from './http.js';
export * from './channel.js';
export * from './conversation.js';
export * from './integration.js';
export * from './payment.js';
export * from './media-download.js';
