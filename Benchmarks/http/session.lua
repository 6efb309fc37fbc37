-- wrk script: spreads requests over the sessions listed in the SESSIONS file (one
-- "id token" per line), one session per connection, round robin.
--   METHOD, PATH_SUFFIX (after /v1/sessions/{id}) or PATH (absolute), BODY from the environment.
local sessions = {}
for line in io.lines(os.getenv("SESSIONS")) do
  local id, token = line:match("^(%S+)%s+(%S+)$")
  if id then sessions[#sessions + 1] = { id = id, token = token } end
end

local method = os.getenv("METHOD") or "GET"
local suffix = os.getenv("PATH_SUFFIX")
local path = os.getenv("PATH_ABSOLUTE")
local body = os.getenv("BODY")
local counter = 0
local threads = {}

function setup(thread)
  thread:set("first", #threads)
  table.insert(threads, thread)
end

function init(args)
  counter = first or 0
end

function request()
  counter = counter + 1
  local session = sessions[(counter % #sessions) + 1]
  local headers = { ["Authorization"] = "Bearer " .. session.token }
  if body then headers["Content-Type"] = "application/json" end
  local target = path or ("/v1/sessions/" .. session.id .. suffix)
  return wrk.format(method, target, headers, body)
end
