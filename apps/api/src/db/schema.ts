export * from './schema/accounts.schema.ts';
export * from './schema/messaging.schema.ts';
export * from './schema/reference.schema.ts';
export * from './schema/catalog.schema.ts';
export * from './schema/garage.schema.ts';
export * from './schema/alerts.schema.ts';
export * from './schema/pico-placa.schema.ts';
export * from './schema/booking.schema.ts';
