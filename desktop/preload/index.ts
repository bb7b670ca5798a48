import { contextBridge } from 'electron'
contextBridge.exposeInMainWorld('meridian', {})
