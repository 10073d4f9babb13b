import { API_PATHS } from '@portal/shared/api-paths';
import type { BusinessUnit, Country, Region } from '@portal/shared/geo/geo.schemas';
import type { SignupRequest, SignupResponse } from '@portal/shared/signup/signup.schemas';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

const PUBLIC = { handle: false } as const;

/** The business unit of this host (the server also tries its parent domains). */
export const businessUnitQuery = (domain: string) =>
  queryOptions({
    queryKey: ['business-unit', domain],
    queryFn: ({ signal }) =>
      api
        .get<BusinessUnit[]>(API_PATHS.businessUnitByDomain, { query: { domain }, signal, ...PUBLIC })
        .then((r) => r[0] ?? null),
    staleTime: Infinity,
  });

export const countriesQuery = () =>
  queryOptions({
    queryKey: ['countries'],
    queryFn: ({ signal }) => api.get<Country[]>(API_PATHS.countryCodes, { signal, ...PUBLIC }),
    staleTime: Infinity,
  });

export const regionsQuery = (country: string) =>
  queryOptions({
    queryKey: ['regions', country],
    queryFn: ({ signal }) => api.get<Region[]>(API_PATHS.regionCodes, { query: { country }, signal, ...PUBLIC }),
    enabled: Boolean(country),
    staleTime: Infinity,
  });

export const useBusinessUnit = () => useQuery(businessUnitQuery(window.location.hostname));
export const useCountries = () => useQuery(countriesQuery());
export const useRegions = (country: string) => useQuery(regionsQuery(country));

export const useSignUp = () =>
  useMutation({ mutationFn: (body: SignupRequest) => api.post<SignupResponse>(API_PATHS.signUp, body, PUBLIC) });
