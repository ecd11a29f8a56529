import { Field, InputType, ObjectType, registerEnumType } from 'type-graphql';

export enum BookingFieldSourceKind {
  DEFAULT = 'default',
  WORKFLOW = 'workflow',
  CUSTOM = 'custom',
}
registerEnumType(BookingFieldSourceKind, {
  name: 'BookingFieldSource',
  description: 'Default fields are on every booking form; workflow-added fields are read-only; custom fields are the event type’s own.',
});

@ObjectType({ description: 'A field of an event type’s booking form (type 2.6).' })
export class BookingField {
  @Field({
    description: 'Discriminator: `name`, `email`, `location`, `title`, `notes`, `guests`, `rescheduleReason`, `phone`, or a custom kind (`text`, `select`, …).',
  })
  field: string;

  @Field(() => String, { nullable: true, description: '`fullName` or `firstAndLastName` (Split Name) for `name`; null otherwise.' })
  variant: string | null;

  @Field({ description: 'Unique per event type; fixed for default and workflow-added fields.' })
  slug: string;

  @Field()
  label: string;

  @Field(() => String, { nullable: true })
  placeholder: string | null;

  @Field()
  required: boolean;

  @Field({ description: 'Shown in the event type settings but not on the booking page.' })
  hidden: boolean;

  @Field()
  disableOnPrefill: boolean;

  @Field(() => [String], { nullable: true, description: 'Choices of select, multiselect, checkbox and radio fields.' })
  options: string[] | null;

  @Field(() => BookingFieldSourceKind)
  source: BookingFieldSourceKind;
}

@InputType({
  description:
    'A booking field as sent (type 2.6): default fields by their fixed slug, custom fields with a slug of their own. The event type bodies (svc-api-version 2024-06-14) name the discriminator `type`, as the reference does.',
})
export class BookingFieldInput {
  @Field(() => String, { nullable: true, description: 'Discriminator such as `name`, `email`, `phone`, `text`, `select` (this or `type`).' })
  field?: string | null;

  @Field(() => String, { nullable: true, description: "The reference's name of `field` (event type bodies, svc-api-version 2024-06-14)." })
  type?: string | null;

  @Field(() => String, {
    nullable: true,
    description:
      'Unique per event type; the default fields have fixed slugs (`name`, `email`, `attendeePhoneNumber`, …), which may be left out (`{type: "name"}`); custom fields need theirs.',
  })
  slug?: string | null;

  @Field(() => String, { nullable: true, description: '`fullName` or `firstAndLastName`, for `name` only.' })
  variant?: string | null;

  @Field(() => String, { nullable: true, description: 'Required for custom fields.' })
  label?: string | null;

  @Field(() => String, { nullable: true })
  placeholder?: string | null;

  @Field(() => Boolean, { nullable: true })
  required?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  hidden?: boolean | null;

  @Field(() => Boolean, { nullable: true })
  disableOnPrefill?: boolean | null;

  @Field(() => [String], { nullable: true, description: 'Required for select, multiselect, checkbox and radio fields.' })
  options?: string[] | null;
}

@InputType({ description: 'Body of POST and PUT /v2/teams/{teamId}/event-types/{eventTypeId}/booking-fields (svc-api-version 2026-06-12).' })
export class BookingFieldsInput {
  @Field(() => [BookingFieldInput], { description: 'At least 1 booking field.' })
  bookingFields: BookingFieldInput[];
}
