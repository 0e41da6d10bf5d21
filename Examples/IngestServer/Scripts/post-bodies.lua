-- wrk script of bench-server.sh: POST /events, rotating among pre-generated bodies.
--
--   wrk -t2 -c32 -d10s --latency -s post-bodies.lua http://127.0.0.1:PORT/events -- LIST [CONTENT_TYPE]
--
-- LIST is a file naming one body file per line. Every request is built once per
-- thread in init() (wrk.format), so the load generator does no work per request but
-- pick the next one; each thread starts at a different body.

local counter = 0

function setup(thread)
   thread:set("index", counter)
   counter = counter + 1
end

local requests = {}
local next_request = 1

function init(args)
   local list = args[1]
   local content_type = args[2] or "application/json"
   if list == nil then
      error("post-bodies.lua: pass the list of body files after --")
   end
   local headers = { ["Content-Type"] = content_type }
   for path in io.lines(list) do
      if path ~= "" then
         local file = assert(io.open(path, "rb"))
         local body = file:read("*a")
         file:close()
         requests[#requests + 1] = wrk.format("POST", nil, headers, body)
      end
   end
   if #requests == 0 then
      error("post-bodies.lua: no bodies in " .. list)
   end
   -- Threads start at different bodies (index is set by setup()).
   next_request = ((tonumber(index) or 0) * 7) % #requests + 1
end

function request()
   local current = requests[next_request]
   next_request = next_request % #requests + 1
   return current
end
