import { userMessages } from '@app/validators';
import { useParams } from 'react-router-dom';
import { useUserContext } from '../../shared/session/context';
import {
  Alert,
  Avatar,
  EmptyState,
  JoinedDate,
  LoadingState,
  ReputationScore,
} from '../../shared/components';
import { useDocumentTitle } from '../../shared/hooks/useDocumentTitle';
import { useLiveUsers } from './live';
import { errorCode } from '../../shared/lib/errors';
import { trpc } from '../../trpc';
import { MyFlags } from '../moderation/MyFlags';
import { BiographySection } from './BiographySection';
import { DangerZoneSection } from './DangerZoneSection';
import { ProfilePlay } from './ProfilePlay';
import { ReputationHistorySection } from './ReputationHistorySection';
import { ResetPasswordSection } from './ResetPasswordSection';
import {
  ProfileAnswers,
  ProfileDrafts,
  ProfileQuestions,
  ProfileTabs,
  ProfileTopTags,
  type ProfileTab,
} from './ProfileWork';

/**
 * Profile (/user/:username): username, reputation, biography, date joined, the reputation history;
 * owner-only settings (SPEC §2, §6).
 */
export default function ProfilePage() {
  const { username = '' } = useParams();
  useDocumentTitle(username || 'Profile');
  useLiveUsers();
  const { user: viewer, setUser } = useUserContext();
  const profile = trpc.user.byUsername.useQuery({ username }, { enabled: username.trim() !== '' });

  if (!username.trim() || (profile.isError && errorCode(profile.error) === 'NOT_FOUND')) {
    return (
      <div className="page">
        <EmptyState title={userMessages.noData} />
      </div>
    );
  }
  if (profile.isPending) return <LoadingState label="Loading user data..." />;
  if (profile.isError) {
    return (
      <div className="page">
        <Alert>{userMessages.fetchFailed}</Alert>
      </div>
    );
  }

  const data = profile.data;
  const isOwner = viewer.username === data.username;
  const tabs: ProfileTab[] = [
    { id: 'questions', label: 'Questions', panel: <ProfileQuestions username={data.username} /> },
    { id: 'answers', label: 'Answers', panel: <ProfileAnswers username={data.username} /> },
    { id: 'tags', label: 'Tags', panel: <ProfileTopTags username={data.username} /> },
    { id: 'play', label: 'Play', panel: <ProfilePlay username={data.username} /> },
    {
      id: 'reputation',
      label: 'Reputation',
      panel: <ReputationHistorySection username={data.username} />,
    },
    ...(isOwner
      ? [
          { id: 'flags', label: 'Flags', panel: <MyFlags /> },
          { id: 'drafts', label: 'Drafts', panel: <ProfileDrafts username={data.username} /> },
        ]
      : []),
  ];
  return (
    <div className="page profile">
      <header className="profile__header card">
        <Avatar username={data.username} size="lg" />
        <div className="profile__identity">
          <p className="profile__eyebrow">User Profile</p>
          <h1 className="profile__name">{data.username}</h1>
          <dl className="profile__facts">
            <div>
              <dt>Reputation</dt>
              <dd>
                <ReputationScore value={data.reputation} />
              </dd>
            </div>
            <div>
              <dt>Date joined</dt>
              <dd>
                <JoinedDate date={data.dateJoined} />
              </dd>
            </div>
          </dl>
        </div>
      </header>
      <BiographySection key={data.username} profile={data} canEdit={isOwner} onSaved={setUser} />
      <ProfileTabs key={`${data.username}-tabs`} tabs={tabs} />
      {isOwner && <ResetPasswordSection key={data.username} username={data.username} />}
      {isOwner && <DangerZoneSection key={data.username} username={data.username} />}
    </div>
  );
}
