-- wrk script: spreads requests over the sessions listed in the SESSIONS file (one
-- "id token" per line), round robin within each wrk thread.
--   METHOD, PATH_SUFFIX (after /v1/sessions/{id}) or PATH (absolute), BODY from the environment;
--   with BODY_BACK too, each session gets BODY twice, then BODY_BACK twice, and so on (→ → ← ←:
--   a key that moves a cursor stays inside the grid however long the run); with BACK_EVERY_VISIT
--   too, BODY and BODY_BACK alternate at each visit to a session.
--   THREADS: wrk's -t. With it, thread t takes sessions t, t+THREADS, t+2*THREADS, ..., so
--   threads never share a session (64 sessions over 64 connections is then 64 clients, each
--   mostly alone on its session). Without it every thread walks all sessions in the same
--   order, in step with the others, so two requests of one session nearly always arrive
--   together and the second waits for the first's turn.
local sessions = {}
for line in io.lines(os.getenv("SESSIONS")) do
  local id, token = line:match("^(%S+)%s+(%S+)$")
  if id then sessions[#sessions + 1] = { id = id, token = token } end
end

local method = os.getenv("METHOD") or "GET"
local suffix = os.getenv("PATH_SUFFIX")
local path = os.getenv("PATH_ABSOLUTE")
local body = os.getenv("BODY")
local bodyBack = os.getenv("BODY_BACK")
local counter = 0
local threads = {}

function setup(thread)
  thread:set("first", #threads)
  table.insert(threads, thread)
end

local stride = tonumber(os.getenv("THREADS") or "1")

function init(args)
  counter = 0
end

function request()
  local session = sessions[((counter * stride + (first or 0)) % #sessions) + 1]
  -- A thread visits each of its sessions once per #sessions requests (at most): this flips
  -- once every two visits to any one session.
  local sent = body
  -- BACK_EVERY_VISIT: flips at every visit instead (BODY, BODY_BACK, BODY, ...), so a
  -- session writing an image of its own changes it every time.
  local visits = os.getenv("BACK_EVERY_VISIT") and math.floor(counter * stride / #sessions) or math.floor(counter / #sessions)
  if bodyBack and visits % 2 == 1 then sent = bodyBack end
  counter = counter + 1
  local headers = { ["Authorization"] = "Bearer " .. session.token }
  if sent then headers["Content-Type"] = "application/json" end
  local target = path or ("/v1/sessions/" .. session.id .. suffix)
  return wrk.format(method, target, headers, sent)
end
