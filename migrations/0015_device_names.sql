-- The device a session was started from, as its browser names itself (User-Agent, cut to 256
-- characters): the account's Sécurité list shows it as 'Chrome sur Android' (decision 314). Null
-- for the sessions started before, shown as an unknown device.
ALTER TABLE `device_sessions` ADD `user_agent` text;
