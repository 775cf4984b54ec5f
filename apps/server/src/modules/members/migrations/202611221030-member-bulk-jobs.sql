-- Progress of the members' *-by-filter bulk jobs (approve, block, delete). `id` travels in the job's
-- payload (a handler is not told its job id); `job_id` is the platform job, which has the status.
-- `last_id` is the keyset cursor: a retried run goes on from there.
create table member_bulk_job (
  id uuid primary key,
  job_id uuid not null unique,
  action text not null check (action in ('APPROVE', 'BLOCK', 'DELETE')),
  processed int not null default 0,
  succeeded int not null default 0,
  failed int not null default 0,
  last_id uuid,
  created_at timestamptz not null,
  updated_at timestamptz not null
);
