import { Field, InputType, ObjectType } from 'type-graphql';
import { PageOf } from '../../../platform/pagination';
import { VerifiedEmail, VerifiedPhone } from './verified-resource.entity';

@InputType({ description: 'Body of POST …/verified-resources/emails/verification-code/request.' })
export class RequestEmailVerificationInput {
  @Field({ description: 'The address the code is sent to.' })
  email: string;
}

@InputType({ description: 'Body of POST …/verified-resources/phones/verification-code/request.' })
export class RequestPhoneVerificationInput {
  @Field({ description: 'E.164, such as +37255556666 (spaces are ignored).' })
  phone: string;
}

@InputType({ description: 'Body of POST …/verified-resources/emails/verification-code/verify.' })
export class VerifyEmailInput {
  @Field()
  email: string;

  @Field({ description: 'The code sent to the address.' })
  code: string;
}

@InputType({ description: 'Body of POST …/verified-resources/phones/verification-code/verify.' })
export class VerifyPhoneInput {
  @Field()
  phone: string;

  @Field({ description: 'The code sent to the number.' })
  code: string;
}

@ObjectType()
export class VerifiedEmailPage extends PageOf(VerifiedEmail) {}

@ObjectType()
export class VerifiedPhonePage extends PageOf(VerifiedPhone) {}
