/** Where a feature hands the ids of notifications it created, to be delivered (the notifications' delivery). */
export interface NotificationSink {
  deliver(ids: readonly number[]): Promise<unknown>;
}
