/**
 * React Query keys and hooks of user management. Every query lives under
 * `['users']`; a type change, a deletion or an invitation invalidates the lists and that user (an
 * invitation also the pending invitations).
 */
import { keepPreviousData, useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { changeUserType, deleteUser, getUser, inviteUser, listInvitationsPage, listUsersPage } from './api';
import { userKeys } from '../../lib/queryKeys';

/** The invitations not accepted yet, page by page (GET /user/invitations). */
export function useInvitations() {
  return useInfiniteQuery({
    queryKey: userKeys.invitations,
    queryFn: ({ pageParam, signal }) => listInvitationsPage(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    retry: false,
  });
}

/** The user list for a (debounced) search, page by page; `fetchNextPage()` reads the next one. */
export function useUserList(search: string) {
  const term = search.trim();
  return useInfiniteQuery({
    queryKey: userKeys.list(term),
    queryFn: ({ pageParam, signal }) => listUsersPage(term, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next_cursor,
    placeholderData: keepPreviousData,
    retry: false,
  });
}

/** One user by id (the detail page). */
export function useUser(userId: string | undefined) {
  return useQuery({
    queryKey: userKeys.one(userId ?? ''),
    queryFn: ({ signal }) => getUser(userId ?? '', signal),
    enabled: Boolean(userId),
    retry: false,
  });
}

/** PATCH /user { user_id, user_type }; refreshes the lists and the user. */
export function useChangeUserType(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userType: number) => changeUserType(userId, userType),
    onSuccess: (user) => {
      client.setQueryData(userKeys.one(userId), user);
      void client.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}

/** DELETE /user?user_id=; refreshes the lists and forgets the user. */
export function useDeleteUser(userId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => deleteUser(userId),
    onSuccess: () => {
      client.removeQueries({ queryKey: userKeys.one(userId) });
      void client.invalidateQueries({ queryKey: userKeys.lists });
    },
  });
}

/**
 * POST /user/invite { email } (a new invitation, or a pending one sent again); refreshes the lists on
 * success, and the pending invitations either way (a 409 means the account left that list meanwhile).
 */
export function useInviteUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (email: string) => inviteUser(email),
    onSuccess: () => void client.invalidateQueries({ queryKey: userKeys.lists }),
    onSettled: () => void client.invalidateQueries({ queryKey: userKeys.invitations }),
  });
}
