import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A domain event of a routing form (FORM_SUBMITTED), written in the transaction of the response
 * itself, so webhook delivery (an outbox reader) cannot miss one.
 */
@Entity({ name: 'routing_form_events' })
export class RoutingFormEvent {
  @PrimaryGeneratedColumn({ type: 'bigint' })
  id: string;

  @Column({ type: 'text' })
  type: string;

  @Column({ name: 'form_id', type: 'uuid' })
  formId: string;

  @Column({ name: 'response_id', type: 'int', nullable: true })
  responseId: number | null;

  @Column({ name: 'team_id', type: 'int', nullable: true })
  teamId: number | null;

  @Column({ type: 'jsonb' })
  payload: Record<string, unknown>;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt: Date;
}
