import { OAuthProvider } from './oauth-providers';
import { providerApi } from './provider-oauth';

export interface MeetingRequest {
  title: string;
  start: Date;
  end: Date;
}

/** Creates a meeting at the provider and answers its join URL (Zoom: POST /v2/users/me/meetings; Teams: Graph onlineMeetings). */
export async function createProviderMeeting(provider: OAuthProvider, token: string, meeting: MeetingRequest): Promise<string> {
  if (provider.family === 'zoom') {
    const answer = await providerApi<{ join_url?: string }>(provider, token, 'POST', '/v2/users/me/meetings', {
      topic: meeting.title,
      type: 2,
      start_time: meeting.start.toISOString(),
      duration: Math.max(1, Math.round((meeting.end.getTime() - meeting.start.getTime()) / 60_000)),
      timezone: 'UTC',
    });
    if (!answer.join_url) throw new Error('zoom answered a meeting without join_url');
    return answer.join_url;
  }
  const answer = await providerApi<{ joinWebUrl?: string }>(provider, token, 'POST', '/v1.0/me/onlineMeetings', {
    subject: meeting.title,
    startDateTime: meeting.start.toISOString(),
    endDateTime: meeting.end.toISOString(),
  });
  if (!answer.joinWebUrl) throw new Error('msteams answered a meeting without joinWebUrl');
  return answer.joinWebUrl;
}
