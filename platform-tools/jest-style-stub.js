// CSS imports in tests: jest runs no stylesheet.
module.exports = {};
