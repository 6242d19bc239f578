-- The booking write mix: create a booking, then cancel it, over and over.
-- Arguments: a file of bike ids to book (one per line, all available, none
-- the bench user's own) and a state file. Each 201 queues its booking id, and
-- the next request cancels a queued booking before another bike is booked.
-- The state file carries the position in the list from one wrk run to the
-- next: a run ends with some bookings not yet cancelled, and the next run
-- must not start by booking those same bikes again (409).
local bikes = {}
local queue = {}
-- Globals, so done() can read them from the thread.
next_bike = 1
state_file = nil
statuses = {}

local threads = {}
function setup(thread)
  threads[#threads + 1] = thread
end

function init(args)
  for line in io.lines(args[1]) do
    if #line > 0 then bikes[#bikes + 1] = line end
  end
  state_file = args[2]
  local state = io.open(state_file, "r")
  if state then
    next_bike = tonumber(state:read("*l")) or 1
    state:close()
  end
end

local function headers()
  local copy = {}
  for name, value in pairs(wrk.headers) do copy[name] = value end
  copy["Content-Type"] = "application/json"
  return copy
end

function request()
  local booking = table.remove(queue)
  if booking then
    return wrk.format("PATCH", "/api/bookings/" .. booking, headers(), '{"status":"cancelled"}')
  end
  local bike = bikes[next_bike]
  next_bike = next_bike % #bikes + 1
  local body = '{"bikeId":"' .. bike .. '","phone":"+8801711000001","meetingLocation":"Dhaka"}'
  return wrk.format("POST", "/api/bookings", headers(), body)
end

function response(status, _, body)
  statuses[status] = (statuses[status] or 0) + 1
  if status == 201 then
    local id = body:match('"id":"([^"]+)"')
    if id then queue[#queue + 1] = id end
  end
end

-- One line the bench reads: how many answers of each status, so errors can be told apart.
function done()
  local counts = {}
  for _, thread in ipairs(threads) do
    local state = io.open(thread:get("state_file"), "w")
    state:write(tostring(thread:get("next_bike")) .. "\n")
    state:close()
    for status, count in pairs(thread:get("statuses")) do
      counts[status] = (counts[status] or 0) + count
    end
  end
  local parts = {}
  for status, count in pairs(counts) do parts[#parts + 1] = status .. "=" .. count end
  table.sort(parts)
  io.write("statuses: " .. table.concat(parts, " ") .. "\n")
end
